/**
 * What a signature check proved about a cookie value, remembered until the value's own exp so
 * that signed-in requests verify each token once per server, not once per request. Bounded
 * (oldest entry out first). It never extends a life: an entry is used only while `now < exp` of
 * the token it came from, and the key is the exact value verified, so any change to a token
 * (tampering, another key, another user) is a miss and gets the full check. The value itself is
 * the key (no hash): exact, and cheaper than hashing on every request.
 */
export class VerifiedCache<T> {
  private readonly entries = new Map<string, { value: T; exp: number }>();

  constructor(private readonly max: number) {}

  get(key: string, nowSeconds: number): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.exp > nowSeconds) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Remembers a verified value until exp (seconds). Already-expired values are not kept. */
  set(key: string, value: T, exp: number, nowSeconds: number): void {
    if (!(exp > nowSeconds)) return;
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, exp });
  }

  get size(): number {
    return this.entries.size;
  }
}
