// DocSearch's stylesheet entry point ships without types (the theme declares it the same way).
declare module '@docsearch/react/style';

