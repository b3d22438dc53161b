import { describe, expect, it } from 'vitest';
import { websiteOf } from './website.js';

describe('websiteOf', () => {
  it('opens a bare domain over https and shows it as it is', () => {
    expect(websiteOf('northwind.example')).toEqual({
      href: 'https://northwind.example/',
      label: 'northwind.example',
    });
    expect(websiteOf(' www.northwind.example/ ')).toEqual({
      href: 'https://www.northwind.example/',
      label: 'www.northwind.example',
    });
  });

  it('keeps the protocol and path the CRM has, without showing the protocol', () => {
    expect(websiteOf('http://northwind.example/en/')).toEqual({
      href: 'http://northwind.example/en/',
      label: 'northwind.example/en',
    });
  });

  it('has none for an empty or unusable domain', () => {
    expect(websiteOf(null)).toBeNull();
    expect(websiteOf('  ')).toBeNull();
    expect(websiteOf('not a domain')).toBeNull();
    expect(websiteOf('https://')).toBeNull();
  });
});
