import { buildSampleLibrary } from '@app/har/library/build-library';
import type { Services } from '../app.ts';
import type { Deps } from '../deps.ts';
import { findUserByEmail } from '../modules/users/repository.ts';

const DAY = 24 * 3600;

/**
 * The sample content library, and two assignment sets in 'Music Theory I' drawn from it.
 * Skipped when the library already has sets.
 */
export async function seedDemoAssignments(deps: Deps, services: Services) {
  const { db, clock } = deps;
  const existing = await db.selectFrom('library_sets').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const library = buildSampleLibrary();
  for (const set of library.sets) {
    await services.library.importSet(
      set.title,
      set.documents.map((d) => ({ name: `${d.slug}.har`, bytes: d.har })),
    );
  }

  const instructor = await findUserByEmail(db, 'instructor@example.com');
  const course = await db.selectFrom('courses').select(['id']).where('title', '=', 'Music Theory I').executeTakeFirst();
  if (!instructor || !course) return;
  const actor = await services.auth.actorFor(instructor.id);
  const docs = await db
    .selectFrom('library_documents')
    .select(['id', 'library_set_id'])
    .orderBy('library_set_id')
    .orderBy('weight')
    .execute();
  const setIds = [...new Set(docs.map((d) => d.library_set_id))];
  const now = clock.now();
  const plans = [
    { title: 'Week 1: Diatonic Harmony in Major', released: now - 4 * DAY, due: now + 10 * DAY, from: setIds[0] },
    { title: 'Week 2: Minor Keys', released: now - DAY, due: now + 17 * DAY, from: setIds[1] },
  ];
  for (const plan of plans) {
    const set = await services.assignments.create(actor, course.id, { title: plan.title, released_at: plan.released, due_at: plan.due });
    const picks = docs.filter((d) => d.library_set_id === plan.from).slice(0, 3);
    await services.assignments.addFromLibrary(
      actor,
      set.id,
      picks.map((d) => d.id),
    );
  }
}
