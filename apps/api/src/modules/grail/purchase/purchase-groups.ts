/** How big a group may be: at most `orders` purchases, and `draws` packs unless one alone has more. */
export interface GroupLimits<Order> {
  orders: number;
  draws: number;
  drawsOf: (order: Order) => number;
}

/**
 * Pack purchases of one case, gathered into groups that each run as one transaction in one round
 * trip (PackPurchases.buyGroup, decisions 018 and 036). One group runs at a time; the next starts
 * when it ends and takes the purchases waiting then, within its limits and at most one per
 * collector (a collector's next purchase waits for the next group), first come first served.
 * When purchases arrive slowly each is a group of one; under a drop's load the queue fills while
 * a group runs, and each round trip, lock and disk flush carries many.
 */
export class PurchaseGroups<Order, Answer> {
  private readonly waiting: Waiting<Order, Answer>[] = [];
  private running = false;

  constructor(
    /** Runs one group; answers each order in turn, null for one the group did not buy. */
    private readonly run: (orders: Order[]) => Promise<(Answer | null)[]>,
    private readonly buyerOf: (order: Order) => string,
    private readonly limits: GroupLimits<Order>,
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
    const { orders, draws, drawsOf } = this.limits;
    const group: Waiting<Order, Answer>[] = [];
    const buyers = new Set<string>();
    let drawing = 0;
    for (let i = 0; i < this.waiting.length && group.length < orders;) {
      const order = this.waiting[i]!.order;
      const buyer = this.buyerOf(order);
      if (buyers.has(buyer)) {
        i++;
        continue;
      }
      // First come first served: a purchase that does not fit leads the next group.
      if (group.length > 0 && drawing + drawsOf(order) > draws) break;
      buyers.add(buyer);
      drawing += drawsOf(order);
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
