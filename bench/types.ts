export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** Upper bound; the bench fails when value exceeds it. */
  budget?: number;
}
