-- Pushes the old queue column left unsent (issue 19): before 0016 the fan-out was kept on the
-- row itself; since then each push is a job of pg-boss. A row still 'pending' or 'sending' with
-- no job of its own is marked 'adopt', and the first server to start queues it (see
-- `adoptOldPushes`). Only the last 24 hours are adopted, the push's own time to live; an older
-- one would arrive too late to mean anything and is closed (its in-app copy stays).
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NULL THEN
    UPDATE sent_notifications SET push_state = 'adopt'
      WHERE push_state IN ('pending', 'sending') AND created_at > now() - interval '24 hours';
  ELSE
    EXECUTE $sql$
      UPDATE sent_notifications s SET push_state = 'adopt'
        WHERE s.push_state IN ('pending', 'sending')
          AND s.created_at > now() - interval '24 hours'
          AND NOT EXISTS (
            SELECT 1 FROM pgboss.job j
              WHERE j.name = 'member-push' AND j.data->>'sentNotificationId' = s.id::text)
    $sql$;
  END IF;
  UPDATE sent_notifications SET push_state = 'done'
    WHERE push_state IN ('pending', 'sending') AND created_at <= now() - interval '24 hours';
END $$;
