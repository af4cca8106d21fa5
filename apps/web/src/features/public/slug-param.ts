import { slugFromAddress } from '@clubtix/contract';
import { useParams } from 'react-router';

/**
 * The event slug of a /{slug}… address as the server stores it (NFC, lowercase, decoded), so that
 * /Café-Night, /caf%C3%A9-night and a decomposed é all name one event and one stored hold
 * (docs/decisions/0021-slugs-export-and-answers.md).
 */
export function useSlugParam(): string {
  const { slug = '' } = useParams();
  return slugFromAddress(slug);
}
