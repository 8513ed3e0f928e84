import { toBool, type Executor } from '@blok/db';
import { AppError } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { UserRepository } from './repository.ts';
import type { Student } from './service.ts';

/**
 * Her account as the other features read and mark it: who she is and studies, her role, the
 * Premium flag. Made before the features that need it (the catalogue, the studio, the shop, the
 * plan), and needing none of them: the user service, which needs the catalogue, is another part
 * (issue 42: a composition root without cycles).
 */
export class UserAccounts {
  constructor(private readonly uow: UnitOfWork) {}

  /** The signed-in student as the other features need her. */
  async student(userId: string): Promise<Student> {
    const user = await new UserRepository(this.uow.executor).findById(userId);
    if (!user) throw new AppError('invalid_token', 'Dit account bestaat niet meer.');
    return { id: user.id, study: user.study, year: user.year, hasSubscription: toBool(user.has_subscription), firstName: user.first_name };
  }

  async account(executor: Executor, userId: string): Promise<{ id: string; email: string; hasSubscription: boolean } | undefined> {
    const user = await new UserRepository(executor).findById(userId);
    return user && { id: user.id, email: user.email, hasSubscription: toBool(user.has_subscription) };
  }

  /** Sets the Premium flag in the shop's transaction, when her subscriptions start or all end. */
  /** Her role id (1 student, 2 author, 3 editor, 4 admin; issue 29), or undefined when the account is gone. */
  async roleOf(executor: Executor, userId: string): Promise<{ id: string; email: string; roleId: number } | undefined> {
    const user = await new UserRepository(executor).findById(userId);
    return user && { id: user.id, email: user.email, roleId: user.role_id };
  }

  /** The account with this e-mail address and its role, for the studio's administration. */
  async accountByEmail(executor: Executor, email: string): Promise<{ id: string; email: string; roleId: number } | undefined> {
    const user = await new UserRepository(executor).findByEmail(email);
    return user && { id: user.id, email: user.email, roleId: user.role_id };
  }

  /** The accounts with a role of at least `minRoleId`. */
  async accountsWithRole(executor: Executor, minRoleId: number): Promise<Array<{ id: string; email: string; roleId: number }>> {
    return (await new UserRepository(executor).listWithRole(minRoleId)).map((u) => ({ id: u.id, email: u.email, roleId: u.role_id }));
  }

  /** How many accounts chose this university (and study, and year): the catalogue asks before a removal. */
  studentsIn(executor: Executor, choice: { university: string; study?: string; year?: string }): Promise<number> {
    return new UserRepository(executor).countIn(choice);
  }

  /** The admins' ids, locked until the transaction ends: the studio keeps at least one (issue 38). */
  lockAdmins(tx: Executor, adminRoleId: number): Promise<string[]> {
    return new UserRepository(tx).lockRole(adminRoleId);
  }

  /** Gives her a role (the studio's admin, or the user:role command). */
  async setRole(tx: Executor, userId: string, roleId: number): Promise<void> {
    await new UserRepository(tx).setRole(userId, roleId);
  }

  async setPremium(tx: Executor, userId: string, has: boolean): Promise<void> {
    await new UserRepository(tx).setHasSubscription(userId, has);
  }

}
