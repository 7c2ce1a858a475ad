import { sql } from 'drizzle-orm';
import { registerUploadHolder } from '../uploads/holder-access';

/** Files of an answer are seen by whoever may read answers: staff holding FORMS_READ through a role. */
export function registerAnswerUploads() {
  registerUploadHolder('form_answer', {
    canView: async (db, viewer, holderId) =>
      viewer.type === 'regular_user' &&
      (
        await db.execute(sql`select 1 from form_answers a where a.id = ${holderId}
          and exists (select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
            join permissions p on p.id = rp.permission_id where ur.user_id = ${viewer.userId} and p.name = 'FORMS_READ')`)
      ).rows.length > 0,
  });
}
