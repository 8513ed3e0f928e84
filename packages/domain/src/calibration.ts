// Is the expected grade honest on real students (issue 39)? What the plan predicted just before each
// mock exam closed, against the grade she got: a reliability table by predicted grade, and the Brier
// score of the per-question probabilities. Pure; the studio shows it to editors and admins.

/** One closed mock exam: the expected grade shown before it, its range, and the grade she got. */
export interface Prediction {
  predicted: number;
  low: number;
  high: number;
  achieved: number;
  /** questions with a probability, and the sum of their (probability − score)² */
  questions: number;
  brierSum: number;
}

/** Predictions whose expected grade fell in [from, to): how many, and the mean predicted and achieved grade. */
export interface CalibrationBin {
  from: number;
  to: number;
  exams: number;
  meanPredicted: number;
  meanAchieved: number;
}

export interface Calibration {
  exams: number;
  /** mean |expected − achieved| grade; null without exams */
  meanAbsoluteError: number | null;
  /** mean (achieved − expected): above 0 the model is cautious, below 0 too hopeful; null without exams */
  bias: number | null;
  /** share of exams whose grade fell in the shown range (an 80 % range of the expected grade, not of one exam's grade) */
  withinRange: number | null;
  /** questions the Brier score is over */
  questions: number;
  /** mean (probability − score)² per question: 0 perfect, 0,25 what always saying 50 % scores; null without questions */
  brier: number | null;
  /** the bins with exams, lowest first */
  bins: CalibrationBin[];
}

/** The bins of the reliability table: below 4, then per grade up to 8, then 8 and higher. */
export const CALIBRATION_EDGES = [1, 4, 5, 6, 7, 8, 10.01] as const;

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export function calibrate(predictions: readonly Prediction[]): Calibration {
  const n = predictions.length;
  const questions = predictions.reduce((sum, p) => sum + p.questions, 0);
  const brierSum = predictions.reduce((sum, p) => sum + p.brierSum, 0);
  const bins: CalibrationBin[] = [];
  for (let i = 0; i < CALIBRATION_EDGES.length - 1; i++) {
    const from = CALIBRATION_EDGES[i]!;
    const to = CALIBRATION_EDGES[i + 1]!;
    const inBin = predictions.filter((p) => p.predicted >= from && p.predicted < to);
    if (inBin.length === 0) continue;
    const mean = (f: (p: Prediction) => number) => round(inBin.reduce((sum, p) => sum + f(p), 0) / inBin.length, 1);
    bins.push({ from, to: Math.min(10, to), exams: inBin.length, meanPredicted: mean((p) => p.predicted), meanAchieved: mean((p) => p.achieved) });
  }
  const mean = (f: (p: Prediction) => number, digits: number) => (n === 0 ? null : round(predictions.reduce((sum, p) => sum + f(p), 0) / n, digits));
  return {
    exams: n,
    meanAbsoluteError: mean((p) => Math.abs(p.predicted - p.achieved), 2),
    bias: mean((p) => p.achieved - p.predicted, 2),
    withinRange: mean((p) => (p.achieved >= p.low && p.achieved <= p.high ? 1 : 0), 2),
    questions,
    brier: questions === 0 ? null : round(brierSum / questions, 3),
    bins,
  };
}
