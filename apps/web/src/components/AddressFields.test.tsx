import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShippingAddress } from '@grail/contract';
import { AddressFields, parseAddress } from './AddressFields';

/** The fields as a page holds them, the country's code shown for the test to read. */
function Address() {
  const [value, setValue] = useState<Partial<ShippingAddress>>({});
  return (
    <>
      <AddressFields value={value} errors={{}} onChange={setValue} />
      <output>{value.country ?? 'none'}</output>
    </>
  );
}

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

describe('the country field', () => {
  it('finds a country by its code, picked with a click', async () => {
    const user = userEvent.setup();
    render(<Address />);
    const country = screen.getByRole('combobox', { name: 'Country' });
    await user.type(country, 'gb');
    expect(country.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('option', { name: 'United Kingdom' }));
    expect(screen.getByRole('status').textContent).toBe('GB');
    expect((country as HTMLInputElement).value).toBe('United Kingdom');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves with the arrows, picks with Enter, and takes the first match on leaving', async () => {
    const user = userEvent.setup();
    render(<Address />);
    const country = screen.getByRole('combobox', { name: 'Country' });
    await user.type(country, 'united');
    const [first] = screen.getAllByRole('option');
    expect(country.getAttribute('aria-activedescendant')).toBe(first!.id);
    await user.keyboard('{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(country.getAttribute('aria-activedescendant')).toBe(second.id);
    await user.keyboard('{Enter}');
    expect((country as HTMLInputElement).value).toBe(second.textContent);

    await user.clear(country);
    expect(screen.getByRole('status').textContent).toBe('none');
    await user.type(country, 'US');
    await user.tab();
    expect(screen.getByRole('status').textContent).toBe('US');
  });

  it('closes on Escape and shows the chosen country again', async () => {
    const user = userEvent.setup();
    render(<Address />);
    const country = screen.getByRole('combobox', { name: 'Country' });
    await user.type(country, 'de');
    await user.keyboard('{Enter}');
    await user.type(country, 'xyz');
    expect(screen.getByText('No options')).toBeDefined();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('No options')).toBeNull();
    expect((country as HTMLInputElement).value).toBe('Germany');
  });
});
