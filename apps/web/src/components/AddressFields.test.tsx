import { describe, expect, it } from 'vitest';
import { parseAddress } from './AddressFields';

const address = {
  name: 'Casey Collector',
  line1: '1 Card Street',
  city: 'Portland',
  state: 'OR',
  postalCode: '97201',
};

describe('parseAddress', () => {
  it('takes a country code as typed, in any case, and sends it upper-cased', () => {
    expect(parseAddress({ ...address, country: ' gb ' }).address?.country).toBe('GB');
  });

  it.each(['00', 'UK', 'USA', ''])('shows what is wrong with the country %j', (country) => {
    const { errors } = parseAddress({ ...address, country });
    expect(errors?.country).toBe('Use the 2-letter ISO country code, such as US, GB or DE');
  });
});
