import { describe, expect, it } from 'vitest';
import { motivationRequestBodySchema } from '@shared/schemas/explore';
import { motivationRequestBody } from './motivation-request-commands';

describe('motivationRequestBody', () => {
  it('sends the trimmed name and description with the rule, as the API reads it', () => {
    const rules = { include: { and: [[1]] }, exclude: [2], values: [[9]] };
    const body = motivationRequestBody(' Movers ', ' why ', rules);
    expect(body).toEqual({ motivation_audience: { name: 'Movers', description: 'why', rules } });
    expect(motivationRequestBodySchema.safeParse(body).success).toBe(true);
  });
});
