import { http } from './http';
import { writeSession } from './session';
import { queryClient } from '../query-client';

/** 'Keluar': the server ends the session; this phone forgets it even when the call fails. */
export async function signOut() {
  try {
    await http.post<null>('/logout');
  } catch {
    // Offline or already ended: the session is forgotten here all the same.
  } finally {
    writeSession(null);
    queryClient.clear();
  }
}
