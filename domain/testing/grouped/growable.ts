/** A typed array that grows by doubling: a column of numbers kept compactly while rows stream in. */
abstract class Growable<T extends Float64Array | Int32Array | Int8Array> {
  private data: T;
  private length = 0;

  constructor(private readonly make: (capacity: number) => T) {
    this.data = make(1024);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = this.make(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  /** The values pushed so far (a view, not a copy). */
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

export class GrowableFloat64 extends Growable<Float64Array> {
  constructor() {
    super((n) => new Float64Array(n));
  }
}

export class GrowableInt32 extends Growable<Int32Array> {
  constructor() {
    super((n) => new Int32Array(n));
  }
}

export class GrowableInt8 extends Growable<Int8Array> {
  constructor() {
    super((n) => new Int8Array(n));
  }
}
