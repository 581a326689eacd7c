/* readline and stdio for the shell. Their C globals are shared mutable state, which Swift 6
   code may not touch directly; the shell reaches them only through these functions, each
   called from the one thread that reads the terminal. */
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

static inline FILE *viper_stdin(void) { return stdin; }
static inline FILE *viper_stdout(void) { return stdout; }
static inline FILE *viper_stderr(void) { return stderr; }

/* Line-buffered standard output, so a piped session's lines arrive as they are printed. */
static inline void viper_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

static inline void viper_rl_set_name(const char *name) { rl_readline_name = name; }
static inline void viper_rl_set_word_breaks(char *characters) { rl_completer_word_break_characters = characters; }
static inline void viper_rl_set_completion(rl_completion_func_t *function) { rl_attempted_completion_function = function; }
/* Tells readline not to fall back to file-name completion after ours. */
static inline void viper_rl_completion_is_over(void) { rl_attempted_completion_over = 1; }
static inline const char *viper_rl_line_buffer(void) { return rl_line_buffer; }
/* No space after the completed word (after a folder's '/' or a query's '='). */
static inline void viper_rl_no_append_character(void) { rl_completion_append_character = 0; }

/* The newest history line, or NULL when there is none. */
static inline const char *viper_history_last_line(void) {
    if (history_length <= 0) return NULL;
    HIST_ENTRY *entry = history_get(history_base + history_length - 1);
    return entry ? entry->line : NULL;
}

/* Live plugins: readline calls the hook about ten times a second while it waits for a key
   (NULL: no hook; readline then blocks in read as before). */
static inline void viper_rl_set_event_hook(rl_hook_func_t *hook) { rl_event_hook = hook; }
/* Clears the prompt and the line being typed from the screen before printing above them;
   readline keeps the line and the cursor position. */
static inline void viper_rl_clear_visible_line(void) { rl_clear_visible_line(); }
/* Draws `prompt` and the kept line again on a fresh line, with the cursor where it was. */
static inline void viper_rl_redraw(const char *prompt) {
    rl_set_prompt(prompt);
    rl_on_new_line();
    rl_redisplay();
}
