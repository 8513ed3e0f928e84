import { rmSync } from 'node:fs';
import { DEFAULT_PROFILE_PICTURE_URL, type ChangePasswordBody, type Profile, type UpdateProfileBody } from '@blok/contract';
import { isValidChoice } from '@blok/content/catalogue';
import { toBool, type Executor, type ProfilePicturesTable } from '@blok/db';
import { AppError } from '../errors.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { RateLimitRepository } from '../auth/rate-limit-repository.ts';
import { MailRepository } from '../mail/repository.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { assertPasswordRules } from './password-rules.ts';
import { processProfilePicture, type UploadedFile } from './picture.ts';
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

export interface UserServiceOptions {
  /** wrong current passwords per account per window before the password change is throttled */
  passwordFailuresPerAccount: number;
  windowSeconds: number;
  /** where the outbox keeps mail files (null with SMTP): removed with the account */
  outbox: { fileOf(mailId: string): string } | null;
}

const DEFAULT_OPTIONS: UserServiceOptions = { passwordFailuresPerAccount: 10, windowSeconds: 900, outbox: null };

const accountGone = () => new AppError('invalid_token', 'Dit account bestaat niet meer.');

/** The profile as the API shows it (spec section 3). */
export function toProfile(user: UserRow): Profile {
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

/** The user's profile and account: name, study, picture, password, deletion (issue 11). */
export class UserService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly options: UserServiceOptions = DEFAULT_OPTIONS,
  ) {}

  private get repo(): UserRepository {
    return new UserRepository(this.uow.executor);
  }

  private async user(userId: string, executor?: Executor): Promise<UserRow> {
    const user = await (executor ? new UserRepository(executor) : this.repo).findById(userId);
    if (!user) throw accountGone();
    return user;
  }

  async student(userId: string): Promise<Student> {
    const user = await this.user(userId);
    return { id: user.id, study: user.study, year: user.year, hasSubscription: toBool(user.has_subscription), firstName: user.first_name };
  }

  async profile(userId: string): Promise<Profile> {
    return toProfile(await this.user(userId));
  }

  /** Name and study choice; the study choice must exist in the catalogue, as at registration. */
  async update(userId: string, input: UpdateProfileBody): Promise<Profile> {
    if (!isValidChoice(input.university, input.study, input.year)) {
      throw new AppError('invalid_request', 'Kies een bestaande universiteit, studie en studiejaar.');
    }
    return this.uow.run(async (tx) => {
      await new UserRepository(tx).updateProfile(userId, input);
      return toProfile(await this.user(userId, tx));
    });
  }

  async replacePicture(userId: string, file: UploadedFile): Promise<Profile> {
    // Decode and re-encode before the transaction: image work must not hold a database lock.
    const picture = await processProfilePicture(file);
    return this.uow.run(async (tx) => {
      await this.user(userId, tx);
      await new UserRepository(tx).replacePicture(userId, picture);
      return toProfile(await this.user(userId, tx));
    });
  }

  async removePicture(userId: string): Promise<Profile> {
    return this.uow.run(async (tx) => {
      await new UserRepository(tx).removePicture(userId);
      return toProfile(await this.user(userId, tx));
    });
  }

  findPicture(id: string): Promise<ProfilePicturesTable | undefined> {
    return new UserRepository(this.uow.db).findPicture(id);
  }

  /**
   * Changes the password after checking the current one (throttled per account like logins), and
   * signs every other device out. The device making the change stays signed in.
   */
  async changePassword(userId: string, deviceRowId: string, input: ChangePasswordBody): Promise<null> {
    const limits = new RateLimitRepository(this.uow.db);
    const key = `password-change:account:${userId}`;
    const failures = await limits.peek(key, this.options.windowSeconds);
    if (failures.count >= this.options.passwordFailuresPerAccount) {
      const minutes = Math.max(1, Math.ceil(failures.retryAfter / 60));
      throw new AppError('too_many_requests', `Te veel pogingen. Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`, {
        'retry-after': String(failures.retryAfter),
      });
    }
    const current = await new UserRepository(this.uow.db).passwordHash(userId);
    if (!(await verifyPassword(current, input.currentPassword))) {
      await limits.hit(key, this.options.windowSeconds);
      throw new AppError('invalid_current_password', 'Je huidige wachtwoord klopt niet.');
    }
    assertPasswordRules(input.newPassword, input.newPasswordConfirmation);
    const hash = await hashPassword(input.newPassword);
    return this.uow.run(async (tx) => {
      const repo = new UserRepository(tx);
      await new RateLimitRepository(tx).reset(key);
      await repo.setPasswordHash(userId, hash);
      await repo.revokeDevices(userId, deviceRowId);
      return null;
    });
  }

  /** Deletes the account and everything personal, in one transaction; then her mail files. */
  async deleteAccount(userId: string): Promise<null> {
    const mailIds = await this.uow.run(async (tx) => {
      const ids = await new MailRepository(tx).idsOf(userId);
      await new UserRepository(tx).delete(userId);
      return ids;
    });
    const outbox = this.options.outbox;
    if (outbox) for (const id of mailIds) rmSync(outbox.fileOf(id), { force: true });
    return null;
  }
}
