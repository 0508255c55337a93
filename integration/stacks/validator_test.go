package stacks

// go-playground/validator's `ulid` tag checks a string field against a
// regular expression: 26 characters of the alphabet, either case, the first
// one 0 to 7. Parse accepts Crockford's aliases (I, L, O), which the tag
// rejects. (In v10.30.1 the regular expression does not check the first
// character, and accepts text of more than 128 bits; gin v1.12.0 requires
// that version.) Registering Parse under the tag's name
// makes the two agree.

import (
	"errors"
	"testing"

	"github.com/gin-gonic/gin/binding"
	"github.com/go-playground/validator/v10"
	"github.com/ulidgo/ulid"
)

type validatorForm struct {
	ID string `validate:"ulid"`
}

// validateULID is the recipe: the tag, as Parse decides.
func validateULID(fl validator.FieldLevel) bool {
	_, err := ulid.Parse(fl.Field().String())
	return err == nil
}

func TestValidator(t *testing.T) {
	builtin := validator.New()
	parse := validator.New()
	if err := parse.RegisterValidation("ulid", validateULID); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		in      string
		builtin bool // what the built-in tag says
	}{
		{"01ARYZ6S41TSV4RRFFQ69G5FAV", true},
		{"01arYZ6s41tsv4rrffq69g5fav", true},
		{"OIARYZ6S41TSV4RRFFQ69G5FAV", false}, // aliases: Parse reads 0 and 1
		{"01ARYZ6S41TSV4RRFFQ69G5FAL", false},
		{"7ZZZZZZZZZZZZZZZZZZZZZZZZZ", true},
		{"80000000000000000000000000", false}, // overflow
		{"ZZZZZZZZZZZZZZZZZZZZZZZZZZ", false},
		{"01ARYZ6S41TSV4RRFFQ69G5FAU", false},
		{"01ARYZ6S41TSV4RRFFQ69G5FA", false},
		{"", false},
	} {
		t.Run(tc.in, func(t *testing.T) {
			_, perr := ulid.Parse(tc.in)
			if got := builtin.Struct(validatorForm{tc.in}) == nil; got != tc.builtin {
				t.Errorf("built-in validate:\"ulid\" accepts %q: %v, want %v", tc.in, got, tc.builtin)
			}
			if got := parse.Struct(validatorForm{tc.in}) == nil; got != (perr == nil) {
				t.Errorf("registered validate:\"ulid\" accepts %q: %v, Parse's error: %v", tc.in, got, perr)
			}
		})
	}

	// On a ulid.ULID field, there is nothing to check but presence:
	// required rejects the zero ULID.
	type bound struct {
		ID ulid.ULID `validate:"required"`
	}
	err := builtin.Struct(bound{})
	var verrs validator.ValidationErrors
	if !errors.As(err, &verrs) || len(verrs) != 1 || verrs[0].Tag() != "required" {
		t.Errorf("required on the zero ULID: %v", err)
	}
	if err := builtin.Struct(bound{ulid.Make()}); err != nil {
		t.Errorf("required on a ULID: %v", err)
	}
}

// TestValidatorGin registers the recipe on gin's validator, whose tag is
// binding. Register before the first validation: the validator caches each
// struct type's rules on first use, and a struct validated before
// RegisterValidation keeps the built-in rule.
func TestValidatorGin(t *testing.T) {
	v, ok := binding.Validator.Engine().(*validator.Validate)
	if !ok {
		t.Fatalf("gin's validator engine is a %T", binding.Validator.Engine())
	}
	type early struct {
		ID string `form:"id" binding:"ulid"`
	}
	type late struct {
		ID string `form:"id" binding:"ulid"`
	}
	const alias = "OIARYZ6S41TSV4RRFFQ69G5FAV"
	if err := binding.Validator.ValidateStruct(early{alias}); err == nil {
		t.Error("gin's built-in ulid accepts the aliases")
	}
	if err := v.RegisterValidation("ulid", validateULID); err != nil {
		t.Fatal(err)
	}
	if err := binding.Validator.ValidateStruct(late{alias}); err != nil {
		t.Errorf("after RegisterValidation: %v", err)
	}
	if err := binding.Validator.ValidateStruct(late{"80000000000000000000000000"}); err == nil {
		t.Error("after RegisterValidation: overflow accepted")
	}
	if err := binding.Validator.ValidateStruct(early{alias}); err == nil {
		t.Error("a struct validated before RegisterValidation took the new rule; the guide says it keeps the old one")
	}
}
