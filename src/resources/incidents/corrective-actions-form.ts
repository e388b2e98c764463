import { z } from "zod";
import { incidentPatchSchema, type CorrectiveAction } from "../../../domain/entities/incident";
import { NOBODY } from "./incident-form";

/** A control picker's "no control". */
export const NO_CONTROL = "none";

/** One corrective action as its inputs hold it; `action_id` is the stored action's id (none on a new one). */
export interface ActionValues {
  action_id: string;
  description: string;
  owner_id: string;
  due_date: string;
  control_id: string;
  done: boolean;
}
export interface ActionsValues {
  corrective_actions: ActionValues[];
}

export const NEW_ACTION: ActionValues = { action_id: "", description: "", owner_id: NOBODY, due_date: "", control_id: NO_CONTROL, done: false };

export const actionsValuesOf = (actions: CorrectiveAction[]): ActionsValues => ({
  corrective_actions: actions.map((a) => ({
    action_id: a.id,
    description: a.description,
    owner_id: a.owner_id ?? NOBODY,
    due_date: a.due_date ?? "",
    control_id: a.control_id ?? NO_CONTROL,
    done: a.done,
  })),
});

/** The whole list as PATCH sends it (it replaces the stored one): stored actions keep their ids, new ones get theirs from the server. */
export const actionsFormSchema = z
  .object({
    corrective_actions: z.array(
      z.object({ action_id: z.string(), description: z.string(), owner_id: z.string(), due_date: z.string(), control_id: z.string(), done: z.boolean() }),
    ),
  })
  .transform(({ corrective_actions }): z.input<typeof incidentPatchSchema> => ({
    corrective_actions: corrective_actions.map(({ action_id, description, owner_id, due_date, control_id, done }) => ({
      ...(action_id ? { id: action_id } : {}),
      description,
      owner_id: owner_id === NOBODY ? null : owner_id,
      due_date: due_date || null,
      control_id: control_id === NO_CONTROL ? null : control_id,
      done,
    })),
  }))
  .pipe(incidentPatchSchema.pick({ corrective_actions: true }));
