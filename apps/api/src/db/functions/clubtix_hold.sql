-- The hold of migration 0023, as the database runs it now: one statement holds a batch of buyers' tickets
-- (apps/api/src/modules/purchase/hold/batched-holds.repo.ts, docs/decisions/0051-batched-holds.md).
-- Change it here: every start applies this file (db/migrate.ts), never a migration copying it again.
CREATE OR REPLACE FUNCTION clubtix_hold(
  p_event_id text,
  p_now timestamptz,
  p_expires_at timestamptz,
  p_holds_per_address integer,
  p_emails text[],
  p_languages text[],
  p_addresses text[],
  p_lock_keys integer[],
  p_line_buyers integer[],
  p_line_tickets text[],
  p_line_quantities integer[]
) RETURNS TABLE (
  buyer integer,
  outcome text,
  ev_club_id text,
  reg_id text,
  reg_qr_uuid text,
  ord_id text,
  held_at timestamptz,
  ord_amount integer,
  ord_currency text,
  slot_ids text[],
  slot_tickets text[],
  slot_codes text[],
  line_item_ids text[],
  line_tickets text[],
  line_names text[],
  line_quantities integer[],
  line_prices integer[]
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  buyers integer := coalesce(array_length(p_emails, 1), 0);
  lines integer := coalesce(array_length(p_line_buyers, 1), 0);
  ev events%ROWTYPE;
  lock_key integer;
  t_ids text[];
  t_left integer[];
  t_add integer[];
  t_names text[];
  t_prices integer[];
  t_on_sale boolean[];
  t_max integer[];
  ev_left integer;
  ev_add integer := 0;
  held_tickets integer[];
  held_holds integer[];
  prev_email integer[];
  prev_address integer[];
  fate text[] := array_fill('check'::text, ARRAY[buyers]);
  taken integer[] := array_fill(0, ARRAY[buyers]);
  first_line integer[] := array_fill(0, ARRAY[buyers]);
  last_line integer[] := array_fill(-1, ARRAY[buyers]);
  verdict text;
  total integer;
  tally integer;
  m integer;
  k integer;
  reg_ids text[];
  qr_uuids text[];
  ord_ids text[];
  item_ids text[];
BEGIN
  IF buyers = 0 THEN
    RETURN;
  END IF;
  -- The holders' locks first (what a hold of the full path takes with its BEGIN), in key order.
  FOR lock_key IN SELECT DISTINCT u.k FROM unnest(p_lock_keys) AS u(k) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(5310018, lock_key);
  END LOOP;
  -- What each holder holds now, under its lock (countHeld in hold-limits.repo.ts), and the buyer
  -- of this batch before it with the same e-mail or address, whose hold counts too if it is taken.
  SELECT
    -- The buyer's registrations found by the (event, e-mail) index, then kept if still held: OFFSET 0
    -- keeps the status test out of the scan, where it would let the planner walk every pending
    -- registration of the event in the pending-by-address index instead (docs/performance.md).
    array_agg((SELECT count(*)::integer
               FROM (SELECT r.id, r.status, r.expires_at FROM registrations r
                     WHERE r.event_id = p_event_id AND r.email = b.email OFFSET 0) r
               JOIN attendees a ON a.registration_id = r.id
               WHERE r.status = 'pending' AND r.expires_at > now())
              ORDER BY b.i),
    array_agg(CASE WHEN b.address IS NULL THEN 0 ELSE
               (SELECT count(*)::integer FROM registrations r
                WHERE r.event_id = p_event_id AND r.client_address = b.address AND r.status = 'pending'
                  AND r.expires_at > now()) END ORDER BY b.i),
    array_agg(b.prev_email ORDER BY b.i),
    array_agg(b.prev_address ORDER BY b.i)
  INTO held_tickets, held_holds, prev_email, prev_address
  FROM (
    SELECT u.email, u.address, u.i,
           lag(u.i) OVER (PARTITION BY u.email ORDER BY u.i) AS prev_email,
           CASE WHEN u.address IS NULL THEN NULL
                ELSE lag(u.i) OVER (PARTITION BY u.address ORDER BY u.i) END AS prev_address
    FROM unnest(p_emails, p_addresses) WITH ORDINALITY AS u(email, address, i)
  ) b;

  -- The counter rows, locked in the order every writer takes them: tickets by id, then the event.
  SELECT array_agg(t.id ORDER BY t.id),
         array_agg(t.quantity - t.reserved_count ORDER BY t.id),
         array_agg(t.name ORDER BY t.id),
         array_agg(t.price ORDER BY t.id),
         array_agg(t.is_active AND NOT t.hidden
                   AND (t.sales_start_at IS NULL OR t.sales_start_at <= p_now)
                   AND (t.sales_end_at IS NULL OR t.sales_end_at >= p_now) ORDER BY t.id),
         array_agg(t.max_per_order ORDER BY t.id)
  INTO t_ids, t_left, t_names, t_prices, t_on_sale, t_max
  FROM (SELECT * FROM tickets WHERE id = ANY (p_line_tickets) AND event_id = p_event_id ORDER BY id FOR NO KEY UPDATE) t;
  SELECT * INTO ev FROM events WHERE id = p_event_id FOR NO KEY UPDATE;
  IF NOT FOUND OR ev.status <> 'published' OR ev.end_date < p_now
     OR coalesce(ev.registration_opens_at > p_now, false) OR coalesce(ev.registration_closes_at < p_now, false) THEN
    RETURN QUERY SELECT b.i::integer, 'check'::text, NULL::text, NULL::text, NULL::text, NULL::text,
      NULL::timestamptz, NULL::integer, NULL::text, NULL::text[], NULL::text[], NULL::text[], NULL::text[],
      NULL::text[], NULL::text[], NULL::integer[], NULL::integer[]
      FROM generate_series(1, buyers) AS b(i);
    RETURN;
  END IF;
  ev_left := ev.capacity - ev.reserved_count;
  t_add := array_fill(0, ARRAY[coalesce(array_length(t_ids, 1), 0)]);

  FOR j IN 1..lines LOOP
    IF first_line[p_line_buyers[j]] = 0 THEN
      first_line[p_line_buyers[j]] := j;
    END IF;
    last_line[p_line_buyers[j]] := j;
  END LOOP;

  -- Each buyer in arrival order, as the full path would decide it: on sale, then the hold limits,
  -- then the seats left.
  FOR i IN 1..buyers LOOP
    verdict := 'held';
    total := 0;
    IF first_line[i] = 0 THEN
      verdict := 'check';
    END IF;
    FOR j IN first_line[i]..last_line[i] LOOP
      k := array_position(t_ids, p_line_tickets[j]);
      IF k IS NULL OR NOT t_on_sale[k] OR p_line_quantities[j] < 1 OR p_line_quantities[j] > t_max[k] THEN
        verdict := 'check';
      END IF;
      total := total + p_line_quantities[j];
    END LOOP;
    IF verdict = 'held' AND total > ev.max_tickets_per_order THEN
      verdict := 'check';
    END IF;
    IF verdict = 'held' THEN
      tally := held_tickets[i];
      m := prev_email[i];
      WHILE m IS NOT NULL LOOP
        tally := tally + taken[m];
        m := prev_email[m];
      END LOOP;
      IF tally + total > ev.max_tickets_per_order THEN
        verdict := 'limit';
      ELSIF p_addresses[i] IS NOT NULL THEN
        tally := held_holds[i];
        m := prev_address[i];
        WHILE m IS NOT NULL LOOP
          IF taken[m] > 0 THEN
            tally := tally + 1;
          END IF;
          m := prev_address[m];
        END LOOP;
        IF tally >= p_holds_per_address THEN
          verdict := 'limit';
        END IF;
      END IF;
    END IF;
    IF verdict = 'held' THEN
      IF ev_left IS NOT NULL AND total > ev_left THEN
        verdict := 'sold_out';
      END IF;
      FOR j IN first_line[i]..last_line[i] LOOP
        k := array_position(t_ids, p_line_tickets[j]);
        IF t_left[k] IS NOT NULL AND p_line_quantities[j] > t_left[k] THEN
          verdict := 'sold_out';
        END IF;
      END LOOP;
    END IF;
    IF verdict = 'held' THEN
      FOR j IN first_line[i]..last_line[i] LOOP
        k := array_position(t_ids, p_line_tickets[j]);
        t_left[k] := t_left[k] - p_line_quantities[j];
        t_add[k] := t_add[k] + p_line_quantities[j];
      END LOOP;
      ev_left := ev_left - total;
      ev_add := ev_add + total;
      taken[i] := total;
    END IF;
    fate[i] := verdict;
  END LOOP;

  IF ev_add > 0 THEN
    -- Plain increments: migration 0010's CHECK constraints refuse one past the quantity or capacity.
    UPDATE tickets t SET reserved_count = t.reserved_count + a.n
      FROM unnest(t_ids, t_add) AS a(id, n) WHERE t.id = a.id AND a.n > 0;
    UPDATE events SET reserved_count = reserved_count + ev_add WHERE id = p_event_id;

    SELECT array_agg(CASE WHEN f = 'held' THEN gen_random_uuid()::text END ORDER BY i),
           array_agg(CASE WHEN f = 'held' THEN gen_random_uuid()::text END ORDER BY i),
           array_agg(CASE WHEN f = 'held' THEN gen_random_uuid()::text END ORDER BY i)
    INTO reg_ids, qr_uuids, ord_ids
    FROM unnest(fate) WITH ORDINALITY AS u(f, i);
    SELECT array_agg(CASE WHEN fate[l.i] = 'held' THEN gen_random_uuid()::text END ORDER BY l.j)
    INTO item_ids
    FROM unnest(p_line_buyers) WITH ORDINALITY AS l(i, j);

    INSERT INTO registrations (id, club_id, event_id, email, qr_uuid, status, expires_at, client_address, language)
    SELECT reg_ids[b.i], ev.club_id, ev.id, p_emails[b.i], qr_uuids[b.i], 'pending', p_expires_at, p_addresses[b.i],
           p_languages[b.i]
    FROM generate_series(1, buyers) AS b(i) WHERE fate[b.i] = 'held';

    -- One slot a ticket, numbered across the buyer's lines in their order (insertAttendeeSlots).
    INSERT INTO attendees (id, club_id, event_id, registration_id, ticket_id, position)
    SELECT gen_random_uuid()::text, ev.club_id, ev.id, reg_ids[l.i], l.ticket_id, (l.before + s.n - 1)::integer
    FROM (
      SELECT u.i, u.ticket_id, u.q, sum(u.q) OVER (PARTITION BY u.i ORDER BY u.j) - u.q AS before
      FROM unnest(p_line_buyers, p_line_tickets, p_line_quantities) WITH ORDINALITY AS u(i, ticket_id, q, j)
    ) l
    CROSS JOIN LATERAL generate_series(1, l.q) AS s(n)
    WHERE fate[l.i] = 'held';

    INSERT INTO orders (id, club_id, event_id, registration_id, amount, currency)
    SELECT ord_ids[b.i], ev.club_id, ev.id, reg_ids[b.i], sum(l.q * t_prices[array_position(t_ids, l.ticket_id)]), ev.currency
    FROM generate_series(1, buyers) AS b(i)
    JOIN unnest(p_line_buyers, p_line_tickets, p_line_quantities) AS l(i, ticket_id, q) ON l.i = b.i
    WHERE fate[b.i] = 'held'
    GROUP BY b.i;

    INSERT INTO order_items (id, club_id, order_id, kind, ticket_id, name, quantity, unit_price, amount)
    SELECT item_ids[l.j], ev.club_id, ord_ids[l.i], 'ticket', l.ticket_id,
           t_names[array_position(t_ids, l.ticket_id)], l.q, t_prices[array_position(t_ids, l.ticket_id)],
           l.q * t_prices[array_position(t_ids, l.ticket_id)]
    FROM unnest(p_line_buyers, p_line_tickets, p_line_quantities) WITH ORDINALITY AS l(i, ticket_id, q, j)
    WHERE fate[l.i] = 'held'
    ORDER BY l.j;
  END IF;

  RETURN QUERY
  SELECT b.i::integer, fate[b.i], ev.club_id, reg_ids[b.i], qr_uuids[b.i], ord_ids[b.i], now(),
    (SELECT o.amount FROM orders o WHERE o.id = ord_ids[b.i]), ev.currency,
    s.ids, s.tickets, s.codes,
    ln.ids_of_items, ln.tickets, ln.names, ln.quantities, ln.prices
  FROM generate_series(1, buyers) AS b(i)
  LEFT JOIN LATERAL (
    SELECT array_agg(a.id ORDER BY a.position) AS ids, array_agg(a.ticket_id ORDER BY a.position) AS tickets,
           array_agg(a.short_code ORDER BY a.position) AS codes
    FROM attendees a WHERE fate[b.i] = 'held' AND a.registration_id = reg_ids[b.i]
  ) s ON true
  LEFT JOIN LATERAL (
    SELECT array_agg(item_ids[l.j] ORDER BY l.j) AS ids_of_items, array_agg(l.ticket_id ORDER BY l.j) AS tickets,
           array_agg(t_names[array_position(t_ids, l.ticket_id)] ORDER BY l.j) AS names,
           array_agg(l.q ORDER BY l.j) AS quantities,
           array_agg(t_prices[array_position(t_ids, l.ticket_id)] ORDER BY l.j) AS prices
    FROM unnest(p_line_buyers, p_line_tickets, p_line_quantities) WITH ORDINALITY AS l(i, ticket_id, q, j)
    WHERE l.i = b.i
  ) ln ON true;
END $$;
