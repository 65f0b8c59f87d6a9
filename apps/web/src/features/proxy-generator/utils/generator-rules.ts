import {
  GENERATOR_DEFAULT_LIFETIME,
  GENERATOR_DEFAULT_TIMESPAN,
  GENERATOR_FORMATS,
  GENERATOR_LINE_FORMATS,
  type GeneratorInput,
} from '@proxy/contract';
import { countryName, placeLabel } from '../../../shared/lib/catalogue-names';
import type { PickerOption as Option } from '../../../shared/ui';

/**
 * The generator form's rules (spec sections 4, 5, 9) that are not the contract schema's: what
 * the form starts with, which cities it offers, and the files of the generated lines.
 */

/**
 * A rotating HTTP line of any exit in the first format: what most customers want first; sticky
 * starts on the contract's default session.
 */
export const GENERATOR_DEFAULTS = {
  protocols: 'http',
  type: 'rotating',
  lifetime: GENERATOR_DEFAULT_LIFETIME,
  timespan: GENERATOR_DEFAULT_TIMESPAN,
  proxy_count: 10,
  format: 0,
  countries: [],
  cities: [],
} as const satisfies GeneratorInput;

/** The line formats as the spec writes them: 0 `IP:PORT:USER:PASS`, 1 `USER:PASS@IP:PORT`. */
export const FORMAT_OPTIONS = GENERATOR_FORMATS.map((format) => ({
  value: String(format),
  label: (GENERATOR_LINE_FORMATS[format] ?? '').replace('HOST', 'IP'),
}));

export type GeneratorLocation = {
  iso2: string;
  name: string;
  cities: readonly { code: string; name: string }[];
};

/** The countries the exits serve, named in the interface language from their ISO codes. */
export const countryOptions = (locations: readonly GeneratorLocation[]): Option[] =>
  locations.map((location) => ({ value: location.iso2, label: countryName(location.iso2) }));

/**
 * The cities of the ticked countries (a city is a choice within its country); with several
 * countries a city's label names its country. A city code two countries share is offered once.
 */
export const cityOptions = (
  locations: readonly GeneratorLocation[],
  countries: readonly string[],
): Option[] => {
  const ticked = locations.filter((location) => countries.includes(location.iso2));
  const seen = new Set<string>();
  const options: Option[] = [];
  for (const location of ticked)
    for (const city of location.cities) {
      if (seen.has(city.code)) continue;
      seen.add(city.code);
      const name = placeLabel(city.code);
      const label = ticked.length > 1 ? `${name} (${countryName(location.iso2)})` : name;
      options.push({ value: city.code, label });
    }
  return options;
};

/** Changing the countries keeps only the cities still offered (the level below is cleared). */
export const citiesStillOffered = (
  cities: readonly string[],
  locations: readonly GeneratorLocation[],
  countries: readonly string[],
): string[] => {
  const offered = new Set(cityOptions(locations, countries).map((option) => option.value));
  return cities.filter((city) => offered.has(city));
};

/** An RFC 4180 field: quoted when it holds a quote, a comma or a line break. */
const csvField = (value: string): string =>
  /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/**
 * The generated lines as a file, built in the browser (they are not stored, so no export
 * endpoint can print them): txt is one proxy a line, what proxy tools import; csv is one
 * column under `header`, CRLF line ends. A line starts with an address or a login, never with
 * a character a spreadsheet would run as a formula.
 */
export const linesFile = (lines: readonly string[], format: 'txt' | 'csv', header: string) =>
  format === 'txt'
    ? lines.map((line) => `${line}\n`).join('')
    : [header, ...lines].map((line) => `${csvField(line)}\r\n`).join('');
