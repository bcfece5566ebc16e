// Waiting on something a test cannot be told of (a socket's refusal, a lock's release): asked again and again, bounded.

/** Ask `probe` every 20 ms until it answers true or `ms` have passed: whether it did. The caller asserts on that. */
export async function eventually(probe: () => boolean | Promise<boolean>, ms = 10_000): Promise<boolean> {
  for (const deadline = Date.now() + ms; ;) {
    if (await probe()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
