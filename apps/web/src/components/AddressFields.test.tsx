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
    const london = { ...address, city: 'London', state: 'Greater London', postalCode: 'SW1A 1AA' };
    expect(parseAddress({ ...london, country: ' gb ' }).address?.country).toBe('GB');
  });

  it.each(['00', 'UK', 'USA'])('shows what is wrong with the country %j', (country) => {
    const { errors } = parseAddress({ ...address, country });
    expect(errors?.country).toBe('Use the 2-letter ISO country code, such as US, GB or DE');
  });

  it('names every empty field in plain words, never the validator words', () => {
    const { errors } = parseAddress({});
    expect(errors).toEqual({
      name: 'This field is required.',
      line1: 'This field is required.',
      city: 'This field is required.',
      state: 'This field is required.',
      postalCode: 'This field is required.',
      country: 'This field is required.',
    });
  });

  it('checks the postal code and state where the format is known', () => {
    expect(parseAddress({ ...address, country: 'US', postalCode: '9720' }).errors).toEqual({
      postalCode: 'Enter a 5-digit ZIP code, such as 97201 or 97201-1234.',
    });
    expect(parseAddress({ ...address, country: 'US', state: 'Oregon' }).errors).toEqual({
      state: 'Enter the 2-letter state code, such as OR or NY.',
    });
    expect(
      parseAddress({ ...address, country: 'CA', state: 'ON', postalCode: '12345' }).errors,
    ).toEqual({ postalCode: 'Enter a postal code such as K1A 0B1.' });
    expect(
      parseAddress({ ...address, country: 'CA', state: 'ON', postalCode: 'k1a 0b1' }).address,
    ).toBeDefined();
    expect(parseAddress({ ...address, country: 'GB', postalCode: '97201' }).errors).toEqual({
      postalCode: 'Enter a postcode such as SW1A 1AA.',
    });
    // A country without a known format keeps only the length checks.
    expect(parseAddress({ ...address, country: 'DE', postalCode: '10115' }).address).toBeDefined();
  });
});
