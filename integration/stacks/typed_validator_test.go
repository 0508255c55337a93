package stacks

// ulid.Typed[P] with go-playground/validator and gin's binding, beside
// validator_test.go. A Typed is a struct, and the validator checks
// `required` on a struct only when made with
// validator.WithRequiredStructEnabled: without it, the zero ID passes. Text
// is checked where it is read: gin's JSON binding reads a Typed field with
// its UnmarshalText, which refuses another type's TypeID text.

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/gin-gonic/gin/binding"
	"github.com/go-playground/validator/v10"

	"github.com/ulidgo/ulid"
)

// typedForm is a request body with a required Typed field.
type typedForm struct {
	ID ulid.Typed[typedUser] `json:"id" validate:"required" binding:"required"`
}

func TestTypedValidator(t *testing.T) {
	// The trap: without the option, required passes the zero ID.
	if err := validator.New().Struct(typedForm{}); err != nil {
		t.Errorf("required on the zero Typed, without the option: %v; want no error (the trap is gone, update docs/stacks.md)", err)
	}
	// The recipe: WithRequiredStructEnabled.
	v := validator.New(validator.WithRequiredStructEnabled())
	var verrs validator.ValidationErrors
	if err := v.Struct(typedForm{}); !errors.As(err, &verrs) || len(verrs) != 1 || verrs[0].Tag() != "required" {
		t.Errorf("required on the zero Typed, with the option: %v; want a required error", err)
	}
	if err := v.Struct(typedForm{ulid.MakeTyped[typedUser]()}); err != nil {
		t.Errorf("required on a Typed, with the option: %v", err)
	}

	// gin's validator, as gin sets it up, does not enable the option.
	if err := binding.Validator.ValidateStruct(typedForm{}); err != nil {
		t.Errorf("gin's binding:\"required\" on the zero Typed: %v; want no error (the trap is gone, update docs/stacks.md)", err)
	}

	// gin's JSON binding reads TypeID text of the field's prefix only.
	gin.SetMode(gin.TestMode)
	id := ulid.MakeTyped[typedUser]()
	for _, c := range []struct {
		body string
		want error
	}{
		{`{"id":"` + id.String() + `"}`, nil},
		{`{"id":"` + orderText + `"}`, ulid.ErrWrongPrefix},
		{`{"id":"` + id.ULID().StringLower() + `"}`, ulid.ErrWrongPrefix}, // no prefix
	} {
		ctx, _ := gin.CreateTestContext(httptest.NewRecorder())
		ctx.Request = httptest.NewRequest("POST", "/users", strings.NewReader(c.body))
		ctx.Request.Header.Set("Content-Type", "application/json")
		var form typedForm
		err := ctx.ShouldBindJSON(&form)
		if !errors.Is(err, c.want) || c.want == nil && form.ID != id || c.want != nil && !form.ID.IsZero() {
			t.Errorf("ShouldBindJSON(%s) = %v, %v; want %v", c.body, form.ID, err, c.want)
		}
	}
}
