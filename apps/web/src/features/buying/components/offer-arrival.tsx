import { Alert } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClaimOffer } from '../api';
import { holdFromAnswer, writeHold } from '../hold-storage';
import { offerRefusalText } from '../waitlist';

/**
 * `/{slug}/tickets?offer=<token>`, the link of a waiting-list offer (docs/product.md section 19): it
 * claims the offer once, and the tickets are then held for this buyer exactly as after step 1, so
 * the purchase goes on to the attendee details. A lapsed or unknown offer leaves the normal ticket
 * page, with a message saying why.
 */
export function useOfferArrival(slug: string, offer: string | null, onDone: () => void) {
  const navigate = useNavigate();
  const claim = useClaimOffer();
  const [refusal, setRefusal] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!offer || started.current) return;
    // Once per link opened (React runs effects twice in development); a reload claims again and
    // the server answers the same hold.
    started.current = true;
    claim.mutate(offer, {
      onSuccess: (answer) => {
        writeHold(slug, holdFromAnswer(answer));
        void navigate(`/${encodeURIComponent(slug)}/attendee-form`, { replace: true });
      },
      onError: (error) => {
        setRefusal(offerRefusalText(error));
        onDone();
      },
    });
  }, [offer, slug, claim, navigate, onDone]);
  return { claiming: offer !== null && !refusal && !claim.isError, refusal };
}

export function OfferRefusal({ message }: { message: string }) {
  const { t } = useTranslation('buying');
  return (
    <Alert color="orange" role="alert" title={t('waitlist.offerEnded')} data-testid="offer-refused">
      {message}
    </Alert>
  );
}
