import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app-providers';
import { LoginPage } from './login-page';

afterEach(cleanup);

function renderLogin() {
  const router = createMemoryRouter([{ path: '/', Component: LoginPage }]);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('LoginPage', () => {
  it('checks the fields with the shared rules before any call', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email tidak boleh kosong')).toBeTruthy();
    expect(screen.getByText('Password tidak boleh kosong')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Email', { selector: 'input' }), {
      target: { value: 'bukan-email' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email bukan email yang valid.')).toBeTruthy();
  });

  it('shows and hides the password', () => {
    renderLogin();
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Lihat kata sandi' }));
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Sembunyikan kata sandi' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('wires the error to the field and checks again as the user corrects it', async () => {
    renderLogin();
    const email = screen.getByLabelText('Email', { selector: 'input' });
    fireEvent.change(email, { target: { value: 'bukan-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const message = await screen.findByText('Email bukan email yang valid.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(email);

    // Once submitted, every change is checked again (as react-hook-form's reValidateMode).
    fireEvent.change(email, { target: { value: 'admin@ajar.test' } });
    expect(screen.queryByText('Email bukan email yang valid.')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('false');
    fireEvent.change(email, { target: { value: '' } });
    expect(screen.getByText('Email tidak boleh kosong')).toBeTruthy();
    // The password's message stays until the password itself changes.
    expect(screen.getByText('Password tidak boleh kosong')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
      target: { value: 'Rahasia123' },
    });
    expect(screen.queryByText('Password tidak boleh kosong')).toBeNull();
  });

  it('does not check a field before the first submit', () => {
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email', { selector: 'input' }), {
      target: { value: 'bukan-email' },
    });
    expect(screen.queryByText('Email bukan email yang valid.')).toBeNull();
  });
});
