export function buildIslands(): Promise<{ runtime: string; chunks: Record<string, string[]> }>
