import { NavLink } from 'react-router';
import { routePaths } from '../routes/paths';
import { Icon, type IconName } from './icons';

const items: { to: string; label: string; icon: IconName; end?: boolean }[] = [
  { to: routePaths['program-saya'], label: 'Program Saya', icon: 'book', end: true },
  { to: routePaths.agenda, label: 'Agenda', icon: 'calendar' },
  { to: routePaths['tukar-voucher'], label: 'Tukar Voucher', icon: 'ticket' },
  { to: routePaths.profil, label: 'Profil', icon: 'person' },
];

/** The main sections of the signed-in app, at the bottom of the screen within thumb reach. */
export function BottomNav() {
  return (
    <nav className="bottom-nav" aria-label="Menu utama">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end}>
              <Icon name={item.icon} />
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
