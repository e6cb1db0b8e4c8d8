export interface IslandManifest {
  runtime: string
  islands: Record<string, string>
  chunks: Record<string, string[]>
}

export function islandFolders(root?: string): string[]

export function buildIslands(options?: {
  roots?: string[]
  outDir?: string
  manifestPath?: string
}): Promise<IslandManifest>
