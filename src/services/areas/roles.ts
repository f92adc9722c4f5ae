import { rolesEntity } from '../../contract/entities/role';
import { defineArea } from './area';

/** Roles (6.1, 7.3): deleted gently, so the roles users still hold come back as dependencies. */
export const rolesArea = defineArea('roles', ({ http, kit }) => ({
  entities: {
    roles: kit(rolesEntity, {
      deleteItems: async (_, selection) => {
        const answer = await http.call('POST /roles/delete-all', { body: selection, searchParams: { gently: 1 } });
        return { deleted: answer.data.deleted.length, dependencies: answer.data.dependencies };
      },
    }),
  },
  machines: {},
}));
