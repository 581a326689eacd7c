/* readline and stdio for the shell. Their C globals are shared mutable state, which Swift 6
   code may not touch directly; the shell reaches them only through these functions, each
   called from the one thread that reads the terminal. */
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

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
