import { DEFAULT_PROFILE_PICTURE_URL, type Profile } from '@blok/contract';
import { toBool } from '@blok/db';
import { AppError } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { UserRepository, type UserRow } from './repository.ts';

/** Where the shop lives; the profile's subscriptionUrl points here. */
export const SUBSCRIPTION_URL = '/shop';

/** The signed-in student as the other features need her. */
export interface Student {
  id: string;
  study: string;
  year: string;
  hasSubscription: boolean;
  firstName: string;
}

const accountGone = () => new AppError('invalid_token', 'Dit account bestaat niet meer.');

/** The user's profile and account. */
export class UserService {
  constructor(private readonly uow: UnitOfWork) {}

  private get repo(): UserRepository {
    return new UserRepository(this.uow.executor);
  }

  private async user(userId: string): Promise<UserRow> {
    const user = await this.repo.findById(userId);
    if (!user) throw accountGone();
    return user;
  }

  async student(userId: string): Promise<Student> {
    const user = await this.user(userId);
    return { id: user.id, study: user.study, year: user.year, hasSubscription: toBool(user.has_subscription), firstName: user.first_name };
  }

  async profile(userId: string): Promise<Profile> {
    const user = await this.user(userId);
    return {
      id: user.id,
      email: user.email,
      accountUrl: '/profile',
      firstName: user.first_name,
      middleName: user.middle_name,
      lastName: user.last_name,
      roleId: user.role_id,
      profilePictureUrl: user.profile_picture_url || DEFAULT_PROFILE_PICTURE_URL,
      hasSubscription: toBool(user.has_subscription),
      subscriptionUrl: SUBSCRIPTION_URL,
      createdAt: user.created_at,
      university: user.university,
      study: user.study,
      year: user.year,
    };
  }

  /** Deletes the account and everything personal, in one transaction. */
  deleteAccount(userId: string): Promise<null> {
    return this.uow.run(async () => {
      await this.repo.delete(userId);
      return null;
    });
  }
}
