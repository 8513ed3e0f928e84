import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@blok/contract/user';
import { AppProvider } from '../../provider.tsx';
import { testProfile } from '../../../testing/fixtures.ts';
import { ProfileDetailsForm } from '../../../features/user/components/profile-details-form.tsx';

const form = (profile: Profile) => (
  <AppProvider>
    <ProfileDetailsForm profile={profile} renderStudyChoice={(choice) => <output aria-label="Keuze">{`${choice.university}|${choice.study}|${choice.year}`}</output>} />
  </AppProvider>
);

describe('the profile details form', () => {
  it("follows the server's newer profile where she changed nothing (the saved copy showed first)", async () => {
    const saved: Profile = { ...testProfile, firstName: '', lastName: '' };
    const { rerender } = render(form(saved));
    expect(screen.getByLabelText('Voornaam')).toHaveValue('');
    rerender(form({ ...saved, firstName: 'Sanne', lastName: 'Dijk', study: 'other-study' }));
    expect(await screen.findByDisplayValue('Sanne')).toBeInTheDocument();
    expect(screen.getByLabelText('Achternaam')).toHaveValue('Dijk');
    expect(screen.getByLabelText('Keuze')).toHaveTextContent(`${saved.university}|other-study|${saved.year}`);
  });

  it('keeps what she typed herself when the server answers later', async () => {
    const { rerender } = render(form(testProfile));
    await userEvent.setup().clear(screen.getByLabelText('Voornaam'));
    await userEvent.setup().type(screen.getByLabelText('Voornaam'), 'Eigen');
    rerender(form({ ...testProfile, firstName: 'Server', lastName: 'Nieuw' }));
    expect(await screen.findByDisplayValue('Nieuw')).toBeInTheDocument();
    expect(screen.getByLabelText('Voornaam')).toHaveValue('Eigen');
  });
});
