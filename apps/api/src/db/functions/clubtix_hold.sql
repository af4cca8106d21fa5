-- The hold: one statement holds a batch of buyers' tickets, and decides every sales rule of a hold
-- (apps/api/src/modules/purchase/hold/batched-holds.repo.ts, docs/decisions/0051-batched-holds.md,
-- docs/decisions/0074-the-hold-in-one-place.md). Each refusal is answered as a reason code, which
-- the TypeScript words (hold-refusals.ts). Change it here: every start applies this file (db/migrate.ts).
-- The signature before the reason codes, dropped so that one clubtix_hold is defined.
DROP FUNCTION IF EXISTS clubtix_hold(text, timestamptz, timestamptz, integer, text[], text[], text[], integer[],
  integer[], text[], integer[]);
CREATE OR REPLACE FUNCTION clubtix_hold(
  p_event_id text,
  p_now timestamptz,
  p_expires_at timestamptz,
  p_holds_per_address integer,
  p_emails text[],
  p_languages text[],
  p_addresses text[],
  p_lock_keys integer[],
  p_discount_ids text[],
  p_discount_codes text[],
  p_discount_amounts integer[],
  p_line_buyers integer[],
  p_line_tickets text[],
  p_line_quantities integer[],
  p_line_opened boolean[]
) RETURNS TABLE (
  buyer integer,
  outcome text,
  fail_name text,
  fail_number integer,
  ev_timezone text,
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
  t_active boolean[];
  t_hidden boolean[];
  t_starts timestamptz[];
  t_ends timestamptz[];
  t_max integer[];
  d_ids text[];
  d_left integer[];
  d_add integer[];
  d integer;
  ev_left integer;
  ev_add integer := 0;
  held_tickets integer[];
  held_holds integer[];
  prev_email integer[];
  prev_address integer[];
  fate text[] := array_fill('held'::text, ARRAY[buyers]);
  fail_names text[] := array_fill(NULL::text, ARRAY[buyers]);
  fail_numbers integer[] := array_fill(NULL::integer, ARRAY[buyers]);
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
  -- The holders' locks first (holderLockKeys in hold-limits.repo.ts), in key order.
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

  -- The codes' rows (their uses left), then the counter rows, in the order every writer takes them:
  -- codes, tickets by id, then the event. A code's other conditions (active, its window) were checked
  -- as it was priced (discounts/code-checks.ts); its uses are a counter, kept here as the seats are.
  SELECT array_agg(c.id ORDER BY c.id), array_agg(c.max_uses - c.used_count ORDER BY c.id)
  INTO d_ids, d_left
  FROM (SELECT * FROM discounts WHERE id = ANY (p_discount_ids) ORDER BY id FOR NO KEY UPDATE) c;
  d_add := array_fill(0, ARRAY[coalesce(array_length(d_ids, 1), 0)]);
  SELECT array_agg(t.id ORDER BY t.id),
         array_agg(t.quantity - t.reserved_count ORDER BY t.id),
         array_agg(t.name ORDER BY t.id),
         array_agg(t.price ORDER BY t.id),
         array_agg(t.is_active ORDER BY t.id),
         array_agg(t.hidden ORDER BY t.id),
         array_agg(t.sales_start_at ORDER BY t.id),
         array_agg(t.sales_end_at ORDER BY t.id),
         array_agg(t.max_per_order ORDER BY t.id)
  INTO t_ids, t_left, t_names, t_prices, t_active, t_hidden, t_starts, t_ends, t_max
  FROM (SELECT * FROM tickets WHERE id = ANY (p_line_tickets) AND event_id = p_event_id ORDER BY id FOR NO KEY UPDATE) t;
  SELECT * INTO ev FROM events WHERE id = p_event_id FOR NO KEY UPDATE;
  -- The event's own sale, the same for every buyer of the batch.
  IF NOT FOUND OR ev.status <> 'published' THEN
    verdict := 'no_event';
  ELSIF ev.end_date < p_now THEN
    verdict := 'ended';
  ELSIF ev.registration_opens_at > p_now THEN
    verdict := 'not_open';
  ELSIF ev.registration_closes_at < p_now THEN
    verdict := 'closed';
  END IF;
  IF verdict IS NOT NULL THEN
    RETURN QUERY SELECT b.i::integer, verdict, NULL::text, NULL::integer, NULL::text, NULL::text, NULL::text,
      NULL::text, NULL::text, NULL::timestamptz, NULL::integer, NULL::text, NULL::text[], NULL::text[], NULL::text[],
      NULL::text[], NULL::text[], NULL::text[], NULL::integer[], NULL::integer[]
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

  -- Each buyer in arrival order, every rule in the order a buyer hears of it: the order's size, each
  -- ticket type (on sale, its window, its maximum), access codes, the hold limits, the code's uses,
  -- then the seats left. The first rule broken is the buyer's answer, and nothing is held for it.
  FOR i IN 1..buyers LOOP
    verdict := 'held';
    total := 0;
    FOR j IN first_line[i]..last_line[i] LOOP
      total := total + p_line_quantities[j];
    END LOOP;
    IF first_line[i] = 0 THEN
      verdict := 'no_ticket';
    ELSIF total > ev.max_tickets_per_order THEN
      verdict := 'order_max';
      fail_numbers[i] := ev.max_tickets_per_order;
    END IF;
    FOR j IN first_line[i]..last_line[i] LOOP
      EXIT WHEN verdict <> 'held';
      k := array_position(t_ids, p_line_tickets[j]);
      IF k IS NULL OR NOT t_active[k] THEN
        verdict := 'no_ticket';
      ELSIF t_starts[k] > p_now THEN
        verdict := 'not_started';
      ELSIF t_ends[k] < p_now THEN
        verdict := 'sales_ended';
      ELSIF p_line_quantities[j] > t_max[k] THEN
        verdict := 'ticket_max';
        fail_numbers[i] := t_max[k];
      END IF;
      IF verdict <> 'held' AND k IS NOT NULL THEN
        fail_names[i] := t_names[k];
      END IF;
    END LOOP;
    FOR j IN first_line[i]..last_line[i] LOOP
      EXIT WHEN verdict <> 'held';
      IF t_hidden[array_position(t_ids, p_line_tickets[j])] AND NOT p_line_opened[j] THEN
        verdict := 'access';
      END IF;
    END LOOP;
    IF verdict = 'held' THEN
      tally := held_tickets[i];
      m := prev_email[i];
      WHILE m IS NOT NULL LOOP
        tally := tally + taken[m];
        m := prev_email[m];
      END LOOP;
      IF tally + total > ev.max_tickets_per_order THEN
        verdict := 'limit_email';
        fail_numbers[i] := ev.max_tickets_per_order;
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
          verdict := 'limit_address';
          fail_numbers[i] := p_holds_per_address;
        END IF;
      END IF;
    END IF;
    d := array_position(d_ids, p_discount_ids[i]);
    IF verdict = 'held' AND p_discount_ids[i] IS NOT NULL AND (d IS NULL OR d_left[d] < 1) THEN
      verdict := 'code_used_up';
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
      IF d IS NOT NULL THEN
        d_left[d] := d_left[d] - 1;
        d_add[d] := d_add[d] + 1;
      END IF;
    END IF;
    fate[i] := verdict;
  END LOOP;

  IF ev_add > 0 THEN
    -- Plain increments: migration 0010's CHECK constraints refuse one past the quantity or capacity.
    UPDATE tickets t SET reserved_count = t.reserved_count + a.n
      FROM unnest(t_ids, t_add) AS a(id, n) WHERE t.id = a.id AND a.n > 0;
    UPDATE events SET reserved_count = reserved_count + ev_add WHERE id = p_event_id;
    UPDATE discounts c SET used_count = c.used_count + a.n
      FROM unnest(d_ids, d_add) AS a(id, n) WHERE c.id = a.id AND a.n > 0;

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

    -- What the buyer pays: the lines' total less the code's discount, priced as the code was checked.
    INSERT INTO orders (id, club_id, event_id, registration_id, amount, currency, discount_id, discount_code,
                        discount_amount)
    SELECT ord_ids[b.i], ev.club_id, ev.id, reg_ids[b.i],
           sum(l.q * t_prices[array_position(t_ids, l.ticket_id)]) - coalesce(p_discount_amounts[b.i], 0), ev.currency,
           p_discount_ids[b.i], p_discount_codes[b.i], coalesce(p_discount_amounts[b.i], 0)
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
  SELECT b.i::integer, fate[b.i], fail_names[b.i], fail_numbers[b.i], ev.timezone, ev.club_id, reg_ids[b.i], qr_uuids[b.i], ord_ids[b.i], now(),
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
