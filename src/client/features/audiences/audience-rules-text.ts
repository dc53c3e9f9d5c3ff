/** The rule in words lives in lib: the builder and the Audiences overview's detail page both show it. */
export * from '../../lib/audience-rules-text';
