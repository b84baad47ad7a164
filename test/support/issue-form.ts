// An issue form used by the scenario and the template tests: a markdown note,
// a required input, a rendered textarea, a dropdown of several, a required
// checkbox. The body the servers' web form writes for it is known (compared
// with Gitea 1.27.0's own new-issue form): see test/real/scenario.ts.
export const ISSUE_FORM = `name: Feature form
description: Ask for a feature
title: "[feature] "
body:
  - type: markdown
    attributes:
      value: Thanks for asking.
  - type: input
    id: summary
    attributes:
      label: Summary
    validations:
      required: true
  - type: textarea
    id: logs
    attributes:
      label: Logs
      render: shell
  - type: dropdown
    id: area
    attributes:
      label: Area
      multiple: true
      options:
        - CLI
        - API
        - Docs
  - type: checkboxes
    id: terms
    attributes:
      label: Terms
      options:
        - label: I searched first
          required: true
        - label: I can help
`;

/** The same form with one more input, VERSION, whose answer must match a pattern (validations.regex). */
export const ISSUE_FORM_WITH_VERSION = ISSUE_FORM.replace(
  '  - type: textarea\n',
  `  - type: input
    id: version
    attributes:
      label: Version
    validations:
      regex: "[0-9]+\\\\.[0-9]+"
  - type: textarea
`,
);
