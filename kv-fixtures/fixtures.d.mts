export const FIXTURES_DIR: string
export function fixturePathToKey(path: string): string
export function readFixtures(dir?: string): { key: string; value: string; metadata?: { version: string } }[]
