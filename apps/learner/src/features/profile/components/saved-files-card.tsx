import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { useSavedList } from '../../../hooks/use-saved-files';
import { canSaveFiles, formatSavedSize, removeSaved } from '../../../lib/saved-files';
import { pathTo } from '../../../routes/paths';

/** 'Tersimpan untuk offline': the activities whose files are on this phone and the space used. */
export function SavedFilesCard() {
  const list = useSavedList();
  if (!canSaveFiles() || list === undefined) return null;
  const total = list.reduce((sum, s) => sum + s.bytes, 0);
  return (
    <Card className="stack" aria-labelledby="saved-files-title">
      <h2 id="saved-files-title">Tersimpan untuk offline</h2>
      {list.length === 0 ? (
        <p className="muted">
          Belum ada. Pilih &lsquo;Simpan untuk offline&rsquo; pada aktivitas video atau PDF.
        </p>
      ) : (
        <>
          <p>
            {list.length} aktivitas, <strong>{formatSavedSize(total)}</strong> di perangkat ini.
          </p>
          <ul className="saved-list" aria-label="Aktivitas tersimpan">
            {list.map((s) => (
              <li key={s.activityId} className="saved-list__item">
                <span>
                  <Link
                    to={pathTo('activity', { programId: s.programId, activityId: s.activityId })}
                  >
                    {s.name}
                  </Link>
                  <span className="muted">
                    {' '}
                    · {s.type === 'video' ? 'Video' : 'PDF'} · {formatSavedSize(s.bytes)}
                  </span>
                </span>
                {/* The name is read out but not shown: the words seen stay part of what is heard. */}
                <Button variant="text" onClick={() => void removeSaved(s.activityId)}>
                  Hapus<span className="visually-hidden"> {s.name}</span> dari perangkat
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
