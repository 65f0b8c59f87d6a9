import { describe, expect, it } from 'vitest';
import { unionOfCheck } from './check-union.ts';

describe('unionOfCheck', () => {
  it('turns the IN-list CHECKs PostgreSQL prints into literal unions', () => {
    expect(
      unionOfCheck('status', "CHECK ((status = ANY (ARRAY['waiting'::text, 'completed'::text])))"),
    ).toBe("'waiting' | 'completed'");
    expect(unionOfCheck('status', 'CHECK ((status = ANY (ARRAY[0, 1, 2])))')).toBe('0 | 1 | 2');
    expect(
      unionOfCheck(
        'kind',
        "CHECK (((kind)::text = ANY ((ARRAY['a'::character varying, 'b''c'::character varying])::text[])))",
      ),
    ).toBe("'a' | 'b\\'c'");
  });

  it('leaves every other CHECK alone', () => {
    expect(unionOfCheck('amount_cents', 'CHECK ((amount_cents > 0))')).toBeNull();
    expect(
      unionOfCheck(
        'family',
        "CHECK (((family <> ALL (ARRAY['dynamic'::text, 'premium'::text])) OR (traffic_gb IS NOT NULL)))",
      ),
    ).toBeNull();
    // The list must constrain the column itself.
    expect(unionOfCheck('status', "CHECK ((kind = ANY (ARRAY['a'::text])))")).toBeNull();
  });
});
