export const FIXTURES_DIR: string
export function fixturePathToKey(path: string): string
export function readFixtures(dir?: string): { key: string; value: string }[]
export interface SiteUserFixture {
  id: string
  siteId: string
  email: string
  displayName: string
  roles: number[]
  passwordHash: string
}
export function readSiteUsers(dir?: string): SiteUserFixture[]
