/**
 * Pack purchases of one case, gathered into groups that each run as one transaction in one round
 * trip (GrailService.buyGroup, decision 018). One group runs at a time; the next starts when it
 * ends and takes the purchases waiting then, at most `size` and at most one per collector (a
 * collector's next purchase waits for the next group), first come first served. When purchases
 * arrive slowly each is a group of one; under a drop's load the queue fills while a group runs,
 * and each round trip, lock and disk flush carries many.
 */
export class PurchaseGroups<Order, Answer> {
  private readonly waiting: Waiting<Order, Answer>[] = [];
  private running = false;

  constructor(
    /** Runs one group; answers each order in turn, null for one the group did not buy. */
    private readonly run: (orders: Order[]) => Promise<(Answer | null)[]>,
    private readonly buyerOf: (order: Order) => string,
    private readonly size: number,
  ) {}

  idle() {
    return !this.running && this.waiting.length === 0;
  }

  /** The order's answer, or null when its group could not buy it (it is then bought alone). */
  submit(order: Order): Promise<Answer | null> {
    return new Promise((answer, fail) => {
      this.waiting.push({ order, answer, fail });
      this.start();
    });
  }

  private start() {
    if (this.running || this.waiting.length === 0) return;
    const group = this.takeGroup();
    this.running = true;
    this.run(group.map((w) => w.order))
      .then(
        (answers) => group.forEach((w, i) => w.answer(answers[i] ?? null)),
        (err: unknown) => group.forEach((w) => w.fail(err)),
      )
      .finally(() => {
        this.running = false;
        this.start();
      });
  }

  private takeGroup(): Waiting<Order, Answer>[] {
    const group: Waiting<Order, Answer>[] = [];
    const buyers = new Set<string>();
    for (let i = 0; i < this.waiting.length && group.length < this.size;) {
      const buyer = this.buyerOf(this.waiting[i]!.order);
      if (buyers.has(buyer)) {
        i++;
        continue;
      }
      buyers.add(buyer);
      group.push(...this.waiting.splice(i, 1));
    }
    return group;
  }
}

interface Waiting<Order, Answer> {
  order: Order;
  answer: (answer: Answer | null) => void;
  fail: (err: unknown) => void;
}
