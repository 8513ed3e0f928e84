import type { Catalogue } from '@blok/contract/catalogue';
import type { Profile } from '@blok/contract/user';

/** A small catalogue for component tests (the real one lives in packages/content). */
export const testCatalogue: Catalogue = {
  universities: [
    {
      id: 'uva',
      name: 'Universiteit van Amsterdam',
      shortName: 'UvA',
      studies: [
        {
          id: 'psy',
          name: 'Psychologie',
          years: [
            {
              id: 'b1',
              name: 'Bachelor 1',
              courseInfo: {
                vaknaam: 'Inleiding in de psychologie',
                percentage: 72,
                header_afbeelding: 'boeken',
                titeltekst: 'Haal je propedeuse in één keer',
                bodytekst: 'Samenvattingen en oefenvragen bij elk hoofdstuk van het handboek.',
              },
            },
            {
              id: 'b2',
              name: 'Bachelor 2',
              courseInfo: {
                vaknaam: 'Statistiek II',
                percentage: 72,
                header_afbeelding: 'laptop',
                titeltekst: 'Statistiek zonder stress',
                bodytekst: 'Oefen met toetsvragen tot je het snapt.',
              },
            },
          ],
        },
        {
          id: 'law',
          name: 'Rechtsgeleerdheid',
          years: [
            {
              id: 'b1',
              name: 'Bachelor 1',
              courseInfo: {
                vaknaam: 'Inleiding recht',
                percentage: 72,
                header_afbeelding: 'collegezaal',
                titeltekst: 'Sterk van start',
                bodytekst: 'De basis van het recht, helder uitgelegd.',
              },
            },
          ],
        },
      ],
    },
    {
      id: 'leiden',
      name: 'Universiteit Leiden',
      shortName: 'UL',
      studies: [
        {
          id: 'hist',
          name: 'Geschiedenis',
          years: [
            {
              id: 'b1',
              name: 'Bachelor 1',
              courseInfo: {
                vaknaam: 'Wereldgeschiedenis',
                percentage: 92,
                header_afbeelding: 'bibliotheek',
                titeltekst: 'Het verleden op een rij',
                bodytekst: 'Tijdlijnen en flashcards voor elk tijdvak.',
              },
            },
          ],
        },
      ],
    },
  ],
};

export const testProfile: Profile = {
  id: 'u1',
  email: 'student@example.nl',
  accountUrl: '',
  firstName: '',
  middleName: '',
  lastName: '',
  roleId: 1,
  profilePictureUrl: '',
  hasSubscription: false,
  subscriptionUrl: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  university: 'uva',
  study: 'psy',
  year: 'b1',
};

/** A token answer as the web app gets it: the refresh token is the API's HttpOnly cookie (decision 034). */
export const testTokens = { access_token: 'access-1', expires_in: 900, token_type: 'Bearer' as const };
