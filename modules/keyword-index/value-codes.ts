/**
 * A dictionary code for each distinct value of a field (0 stands for null), so a paper's facet and
 * filter values are small integers in a typed column instead of strings on objects. Codes are only
 * ever added: a column written with one table is read correctly with any later one.
 */
export class ValueCodes {
  private readonly codes = new Map<string, number>();

  constructor(readonly values: string[] = []) {
    values.forEach((v, i) => this.codes.set(v, i + 1));
  }

  /** The value's code, a new one for a value never seen. */
  encode(value: string | null): number {
    if (value === null) return 0;
    let code = this.codes.get(value);
    if (code === undefined) {
      this.values.push(value);
      code = this.values.length;
      this.codes.set(value, code);
    }
    return code;
  }

  /** The code of a value, or -1 for a value no paper has (a filter on it matches nothing). */
  find(value: string): number {
    return this.codes.get(value) ?? -1;
  }

  decode(code: number): string | null {
    return code === 0 ? null : this.values[code - 1]!;
  }

  get size(): number {
    return this.values.length + 1;
  }
}
