/** dist/islands-manifest.json, which the worker imports. */
export interface IslandManifest {
  runtime: string
  /** The tracking script (islands/tracking), one self-contained module. */
  tracking: string
  islands: Record<string, string>
}

/** What a build returns: the manifest, and every output with its sources (dist/islands-chunks.json). */
export interface IslandBuild extends IslandManifest {
  chunks: Record<string, string[]>
}

export function islandFolders(root?: string): string[]

export function buildIslands(options?: {
  roots?: string[]
  outDir?: string
  manifestPath?: string
}): Promise<IslandBuild>
