import type { Command } from '../../cli/command.ts';
import { CATALOGUE_FILE, loadCatalogue, readCatalogueFile } from './catalogue.loader.ts';

export const catalogueCommands: Record<string, Command> = {
  'catalogue:load': {
    usage:
      'catalogue:load [file]   (upsert tariffs, ISP countries and locations; the server also does it at start)',
    run: async (db, args) => {
      const file = args[0] ?? CATALOGUE_FILE;
      const result = await loadCatalogue(db, readCatalogueFile(file));
      return `catalogue loaded from ${file}: ${result.tariffs} tariffs, ${result.countries} ISP countries, ${result.locations} locations`;
    },
  },
};
