import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  NativeSelect,
  Radio,
  RadioGroup,
  TextField,
} from "~/platform/ui/static-form";

/** Issue 27: the static form controls are native elements named and described as MUI's were, with no style work. */
describe("static form controls", () => {
  it("TextField: a <label for> names the input, the helper text describes it, required and error are marked", () => {
    const html = renderToString(h(TextField, { id: "email", label: "Email", required: true, error: true, helperText: "Required", name: "email", defaultValue: "a@b.c" }));
    expect(html).toMatch(/<label for="email" id="email-label"[^>]*>Email<span aria-hidden="true"[^>]*>\*<\/span><\/label>/);
    expect(html).toMatch(/<input[^>]*id="email"[^>]*name="email"[^>]*required=""[^>]*aria-invalid="true"[^>]*aria-describedby="email-helper-text"/);
    expect(html).toMatch(/<p class="[^"]*" id="email-helper-text">Required<\/p>/);
    expect(html).not.toMatch(/data-emotion|css-[a-z0-9]+|Mui/);
  });

  it("TextField multiline: a <textarea> with its own describedby kept before the helper's, input props passed through", () => {
    const html = renderToString(
      h(TextField, { multiline: true, minRows: 3, helperText: "0 / 10 characters", inputProps: { "aria-labelledby": "q1", "aria-describedby": "q1-error", maxLength: 10, "data-testid": "answer-q1" }, value: "", onChange: () => {} }),
    );
    expect(html).toMatch(/<textarea[^>]*aria-labelledby="q1"[^>]*maxLength="10"[^>]*data-testid="answer-q1"/);
    expect(html).toMatch(/aria-describedby="q1-error [^"]+-helper-text"/);
    expect(html).toMatch(/rows="3"/);
    expect(html).not.toContain("<label");
  });

  it("NativeSelect: a labelled <select> with its options and the chosen one", () => {
    const html = renderToString(h(NativeSelect, { id: "cycle", label: "Cycle", value: "2", onChange: () => {}, options: [{ value: "1", label: "Mid-Year" }, { value: "2", label: "Year-End" }] }));
    expect(html).toMatch(/<label for="cycle"/);
    expect(html).toMatch(/<select[^>]*id="cycle"/);
    expect(html).toMatch(/<option value="2" selected="">Year-End<\/option>/);
  });

  it("RadioGroup: role radiogroup, radios of one name, the group's value checked, each named by its FormControlLabel", () => {
    const html = renderToString(
      h(RadioGroup, { row: true, value: "4", onChange: () => {}, "aria-labelledby": "q-label", "data-testid": "answer-q" }, [
        h(FormControlLabel, { key: 3, value: "3", control: h(Radio, { size: "small" }), label: "3 - Neutral" }),
        h(FormControlLabel, { key: 4, value: "4", control: h(Radio, { size: "small" }), label: "4 - Agree", disabled: true }),
      ]),
    );
    expect(html).toMatch(/<div role="radiogroup"[^>]*aria-labelledby="q-label" data-testid="answer-q">/);
    const radios = [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((m) => m[0]);
    expect(radios).toHaveLength(2);
    const names = radios.map((r) => /name="([^"]+)"/.exec(r)?.[1]);
    expect(names[0]).toBeTruthy();
    expect(names[1]).toBe(names[0]);
    expect(radios[0]).not.toContain("checked");
    expect(radios[1]).toMatch(/checked=""/);
    expect(radios[1]).toMatch(/disabled=""/);
    expect(html).toMatch(/<label[^>]*><input[^>]*value="3"[^>]*\/><span>3 - Neutral<\/span><\/label>/);
  });

  it("Checkbox, FormLabel, FormHelperText, FormControl fieldset", () => {
    const html = renderToString(
      h(FormControl, { component: "fieldset", error: true }, [
        h(FormLabel, { key: "l", component: "legend", id: "lg" }, "Pick"),
        h(FormControlLabel, { key: "c", control: h(Checkbox, { name: "agree", defaultChecked: true }), label: "I agree" }),
        h(FormHelperText, { key: "h", error: true, id: "err" }, "Say yes"),
      ]),
    );
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*id="lg">Pick<\/legend>/);
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*name="agree"[^>]*checked=""/);
    expect(html).toMatch(/<p class="[^"]*" id="err">Say yes<\/p>/);
  });
});
