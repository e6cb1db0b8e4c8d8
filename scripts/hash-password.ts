// Hashes a password the way the worker checks it (worker/crypto/passwords.ts): PBKDF2-SHA256,
// 100,000 iterations, a random 16-byte salt, printed as `pbkdf2-sha256$100000$<salt>$<hash>`.
// Put the line in a locked page's record (`pagePassword`) or a site user's `passwordHash`.
//
//   npx tsx scripts/hash-password.ts 'the password'
import { pbkdf2Sync, randomBytes } from 'node:crypto'

export const ITERATIONS = 100_000

/** The stored form of `password` (the salt is random unless given). */
export function hashPassword(password: string, salt: Buffer = randomBytes(16)): string {
  const hash = pbkdf2Sync(password, salt, ITERATIONS, 32, 'sha256')
  return `pbkdf2-sha256$${ITERATIONS}$${salt.toString('base64url')}$${hash.toString('base64url')}`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const password = process.argv[2]
  if (!password) {
    console.error("usage: npx tsx scripts/hash-password.ts 'the password'")
    process.exit(2)
  }
  console.log(hashPassword(password))
}
