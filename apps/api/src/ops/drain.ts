/**
 * Whether this instance is shutting down (SIGTERM, main.ts): /api/ready then answers 503 so the proxy stops sending
 * it new work while what it has in flight finishes.
 */
export class Drain {
  #draining = false;

  get draining(): boolean {
    return this.#draining;
  }

  start(): void {
    this.#draining = true;
  }
}
