import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AppBarIcons } from '../features/notifications/components/app-bar-icons';
import { Icon } from './icons';

interface AppBarProps {
  title: string;
  /** Where the back button goes: a path, or `true` for the previous page. No button when absent. */
  back?: string | true;
  /** Extra controls at the end of the bar. */
  actions?: ReactNode;
  /**
   * The page writes the title in full as its own heading (long names): the bar then repeats it
   * on one line for sight only.
   */
  headingInPage?: boolean;
}

/**
 * The bar at the top of a signed-in screen; its title is the page's heading unless the page
 * writes it. The title keeps to one line (an ellipsis cuts a long one).
 */
export function AppBar({ title, back, actions, headingInPage = false }: AppBarProps) {
  const navigate = useNavigate();
  return (
    <header className="app-bar">
      {back !== undefined && (
        <button
          type="button"
          className="icon-button"
          aria-label="Kembali"
          onClick={() => {
            // A deep link opened first has no page of this app to go back to.
            if (back === true && window.history.state?.idx > 0) navigate(-1);
            else navigate(back === true ? '/' : back);
          }}
        >
          <Icon name="back" />
        </button>
      )}
      {headingInPage ? (
        <p className="app-bar__title" aria-hidden="true">
          {title}
        </p>
      ) : (
        <h1 className="app-bar__title">{title}</h1>
      )}
      {actions}
      <AppBarIcons />
    </header>
  );
}
