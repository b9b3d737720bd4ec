/** Client modules of the site (browser side, one concern per file under src/clientModules/). */
export const clientModules: string[] = [];
