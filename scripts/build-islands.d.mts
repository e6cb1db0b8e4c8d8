export interface IslandManifest {
  runtime: string
  /** The tracking script (islands/tracking), one self-contained module. */
  tracking: string
  islands: Record<string, string>
  chunks: Record<string, string[]>
}

export function islandFolders(root?: string): string[]

export function buildIslands(options?: {
  roots?: string[]
  outDir?: string
  manifestPath?: string
}): Promise<IslandManifest>
