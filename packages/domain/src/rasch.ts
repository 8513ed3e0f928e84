// The item-response arithmetic behind readiness and the expected grade (issue 39, decision 035).
// Pure. A Rasch model: the probability that a student of ability θ answers an item of difficulty b
// right is σ(θ − b), both on the logit scale. Her ability is a normal belief (mean, variance) made
// from a prior and weighted graded answers (a Laplace approximation of the posterior); an item's
// difficulty is kept from everyone's first answers by an online Elo-style update whose step shrinks
// as its information grows, starting from a prior the author's chapter priority sets.

/** A normal belief on the logit scale. */
export interface Belief {
  mean: number;
  variance: number;
}

/** The logistic function. */
export const sigmoid = (x: number): number => (x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x)));

/** Keeps a logit in a range where σ is not 0 or 1 to the last bit. */
const LOGIT_LIMIT = 8;
const clampLogit = (x: number) => Math.min(LOGIT_LIMIT, Math.max(-LOGIT_LIMIT, x));

/**
 * The probability of a right answer on an item of difficulty `difficulty` by a student whose
 * ability is `belief`, averaged over the belief (the probit approximation of E[σ(θ − b)]:
 * σ((μ − b) / √(1 + π v / 8))). An uncertain belief gives a figure nearer one half than its mean.
 */
export function predictRight(belief: Belief, difficulty: number): number {
  return sigmoid((belief.mean - difficulty) / Math.sqrt(1 + (Math.PI * Math.max(0, belief.variance)) / 8));
}

/** One weighted graded observation: a score 0..1 on an item of a difficulty. */
export interface Observation {
  /** 1 right, 0 wrong, in between partly right */
  score: number;
  /** how much it counts (source and recency, @blok/domain/standing); 0 counts nothing */
  weight: number;
  difficulty: number;
}

/**
 * Her ability after `observations`, starting from `prior`: the mode of the posterior with the
 * Rasch likelihood (each observation's log-likelihood times its weight) and its curvature there
 * (Laplace). A handful of Newton steps; without observations the prior itself.
 */
export function estimateAbility(prior: Belief, observations: readonly Observation[]): Belief {
  const priorPrecision = 1 / Math.max(1e-6, prior.variance);
  let theta = prior.mean;
  let information = 0;
  if (!observations.some((o) => o.weight > 0)) return { mean: prior.mean, variance: prior.variance };
  for (let step = 0; step < 25; step++) {
    let gradient = (prior.mean - theta) * priorPrecision;
    information = 0;
    for (const o of observations) {
      if (!(o.weight > 0)) continue;
      const p = sigmoid(theta - o.difficulty);
      gradient += o.weight * (o.score - p);
      information += o.weight * p * (1 - p);
    }
    const move = gradient / (priorPrecision + information);
    theta = clampLogit(theta + Math.max(-2, Math.min(2, move)));
    if (Math.abs(move) < 1e-6) break;
  }
  return { mean: theta, variance: 1 / (priorPrecision + information) };
}

/** An item's difficulty as everyone's answers made it. */
export interface Difficulty {
  /** logits: 0 an average item, higher harder */
  difficulty: number;
  /** how much is known (sum of p(1 − p) of the answers it was made from, plus the prior's) */
  information: number;
  /** answers it was made from */
  answers: number;
}

/**
 * The prior difficulty of an item from the author's exam priority of its chapter (1 high, 2 medium,
 * 3 low): a high-priority chapter is taught and asked about most and starts a little easier, a
 * low-priority one a little harder. Worth DIFFICULTY_PRIOR_ANSWERS answers of an average student:
 * everyone's answers soon outweigh it.
 */
export const DIFFICULTY_BY_PRIORITY: Readonly<Record<number, number>> = { 1: -0.25, 2: 0, 3: 0.25 };
export const DIFFICULTY_PRIOR_ANSWERS = 8;

export function priorDifficulty(priority: number): Difficulty {
  return { difficulty: DIFFICULTY_BY_PRIORITY[priority] ?? 0, information: DIFFICULTY_PRIOR_ANSWERS * 0.25, answers: 0 };
}

/**
 * One answer's update of an item's difficulty (online, Elo-style): the item gets harder by how much
 * the answer fell short of what her ability predicted, with a step of 1 / information, so each
 * answer counts less as the item is better known. An answer of a student whose ability is uncertain
 * tells less about the item (its information is scaled by 1 / (1 + v p (1 − p))).
 */
export function updateDifficulty(item: Difficulty, ability: Belief, score: number): Difficulty {
  const p = predictRight(ability, item.difficulty);
  const pq = p * (1 - p);
  const trust = 1 / (1 + Math.max(0, ability.variance) * pq);
  const information = item.information + pq * trust;
  const difficulty = clampLogit(item.difficulty + ((p - Math.min(1, Math.max(0, score))) * trust) / information);
  return { difficulty: Math.min(5, Math.max(-5, difficulty)), information, answers: item.answers + 1 };
}
