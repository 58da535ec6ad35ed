/**
 * "How did it fit?" and "Size bought" in the review form (record 0046): for verified buyers only,
 * the size prefilled from their latest delivered order. Loaded with the review form.
 */
import type { Review } from "@vastra/contracts/reviews";
import type { FitQuestion } from "@vastra/contracts/size-charts";
import { FIT_ANSWERS, FIT_LABELS, type FitAnswer } from "@vastra/contracts/size-fit";
import * as React from "react";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/native-select";

export function FitFields({ question, review }: { question: FitQuestion; review?: Review }) {
  const [fit, setFit] = React.useState<FitAnswer | "">(review?.fit ?? "");
  const [size, setSize] = React.useState(review?.sizeBought ?? question.sizeBought ?? "");
  return (
    <div className="grid gap-4">
      <input type="hidden" name="fitAsked" value="1" />
      <fieldset>
        <legend className="text-sm font-medium text-foreground">
          How did it fit? <span className="font-normal text-muted-foreground">(optional)</span>
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {FIT_ANSWERS.map((answer) => (
            <label
              key={answer}
              className={cn(
                "inline-flex min-h-11 cursor-pointer items-center rounded-md border px-3.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                fit === answer
                  ? "border-primary bg-primary text-primary-foreground"
                  : "border-input bg-card text-foreground hover:border-primary",
              )}
            >
              <input
                type="radio"
                name="fit"
                value={answer}
                checked={fit === answer}
                onChange={() => setFit(answer)}
                className="sr-only"
              />
              {FIT_LABELS[answer]}
            </label>
          ))}
          {fit ? (
            <button
              type="button"
              onClick={() => setFit("")}
              className="min-h-11 rounded-md px-2 text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground"
            >
              Clear fit answer
            </button>
          ) : null}
        </div>
      </fieldset>
      <Field label="Size bought" hint="From your order, when we know it">
        <NativeSelect
          name="sizeBought"
          value={size}
          onChange={(event) => setSize(event.target.value)}
        >
          <option value="">Not saying</option>
          {question.sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </div>
  );
}
