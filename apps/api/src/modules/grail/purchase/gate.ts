/** At most `limit` callers at a time; the others wait their turn, first come first served. */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  idle() {
    return this.running === 0 && this.waiting.length === 0;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((go) => this.waiting.push(go));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/**
 * One value per live case, made on first use; past `most` cases, the idle ones are dropped (a
 * process sells one or two cases at a time).
 */
export class PerCase<T extends { idle(): boolean }> {
  private readonly byCase = new Map<string, T>();
  constructor(
    private readonly make: (caseId: string) => T,
    private readonly most = 8,
  ) {}

  of(caseId: string): T {
    let value = this.byCase.get(caseId);
    if (!value) {
      if (this.byCase.size >= this.most) {
        for (const [id, v] of this.byCase) if (v.idle()) this.byCase.delete(id);
      }
      value = this.make(caseId);
      this.byCase.set(caseId, value);
    }
    return value;
  }
}
