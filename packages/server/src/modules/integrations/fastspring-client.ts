/** FastSpring's order API (https://developer.fastspring.com), over fetch with basic auth; the base URL is configurable for tests. */
export type FastSpringOrder = { id: string; reference: string; completed: boolean; products: string[]; tags: Record<string, string> };

export class FastSpringError extends Error {
  constructor(readonly status: number) {
    super(`FastSpring answered ${status}.`);
    this.name = 'FastSpringError';
  }
}

export function createFastSpringClient(options: { apiUrl: string; username: string; password: string }) {
  const auth = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  return {
    /** One order, or undefined when FastSpring does not know it. */
    async getOrder(orderId: string): Promise<FastSpringOrder | undefined> {
      const res = await fetch(new URL(`/orders/${encodeURIComponent(orderId)}`, options.apiUrl), {
        headers: { authorization: auth, accept: 'application/json' },
        signal: AbortSignal.timeout(15_000),
      });
      if (res.status === 404) return undefined;
      if (!res.ok) throw new FastSpringError(res.status);
      const data = (await res.json()) as {
        id?: string;
        order?: string;
        reference?: string;
        completed?: boolean;
        items?: { product?: string }[];
        tags?: Record<string, string>;
      };
      return {
        id: String(data.id ?? data.order ?? orderId),
        reference: String(data.reference ?? ''),
        completed: data.completed === true,
        products: (data.items ?? []).map((i) => String(i.product ?? '')),
        tags: data.tags ?? {},
      };
    },
  };
}
