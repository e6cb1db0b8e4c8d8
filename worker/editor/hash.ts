import { hex, sha256 } from '../crypto/encoding'

/** SHA-256 of text, as hex. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await sha256(text))
}
