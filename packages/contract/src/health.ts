import { z } from 'zod/mini';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
});
